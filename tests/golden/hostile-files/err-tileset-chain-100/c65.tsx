<?xml version="1.0"?>
<tileset name="c65"><tileset/><tileset firstgid="9" source="c66.tsx"/></tileset>
