<?xml version="1.0"?>
<tileset name="c26"><tileset/><tileset firstgid="9" source="c27.tsx"/></tileset>
