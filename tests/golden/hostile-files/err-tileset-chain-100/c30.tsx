<?xml version="1.0"?>
<tileset name="c30"><tileset/><tileset firstgid="9" source="c31.tsx"/></tileset>
