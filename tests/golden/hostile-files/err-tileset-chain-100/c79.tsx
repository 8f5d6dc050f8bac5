<?xml version="1.0"?>
<tileset name="c79"><tileset/><tileset firstgid="9" source="c80.tsx"/></tileset>
